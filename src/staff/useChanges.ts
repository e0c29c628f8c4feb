import { useCallback, useEffect, useState } from "react";
import { postJson, problemText } from "./client";
import type { Status } from "./StatusLine";

/**
 * How a screen shows a list and changes it. `read` reads the list into the screen's state (keep it in
 * a useCallback): when the screen opens and after each change, a failure going on the status line.
 * Each change is posted to the screen's route and answered with a sentence (`{ message }`); meanwhile
 * `busy` holds the screen's buttons, and once it is done the sentence goes on the status line and the
 * list is read again. `post` gives a refusal's sentence back for the screen to show where it belongs
 * (null when done); `change` puts it on the status line and says whether the change went through.
 * `answered`, if given, runs as soon as the server has answered, before the list is read again (a
 * dialog closes with the answer, not after the reload).
 */
export function useChanges(route: string, read: () => Promise<void>) {
  const [status, say] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      await read();
    } catch (error) {
      say({ text: problemText(error), error: true });
    }
  }, [read]);
  useEffect(() => void load(), [load]);

  const post = async (body: Record<string, unknown>, answered?: () => void): Promise<string | null> => {
    setBusy(true);
    try {
      const { message } = await postJson<{ message: string }>(route, body);
      say({ text: message, error: false });
      answered?.();
      // load() puts its own failure on the status line and never throws.
      await load();
      return null;
    } catch (error) {
      answered?.();
      return problemText(error);
    } finally {
      setBusy(false);
    }
  };

  const change = async (body: Record<string, unknown>, answered?: () => void): Promise<boolean> => {
    const problem = await post(body, answered);
    if (problem !== null) say({ text: problem, error: true });
    return problem === null;
  };

  return { status, busy, post, change };
}
