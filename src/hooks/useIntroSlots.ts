import { useCallback, useEffect, useState } from "react";
import { apiPath } from "../forms/endpoints";
import type { IntroSlot } from "../intro/availability";

export type SlotsState =
  | { status: "loading"; slots: readonly IntroSlot[] }
  | { status: "ready"; slots: readonly IntroSlot[]; refreshed: boolean }
  | { status: "failed"; slots: readonly IntroSlot[] };

/**
 * The open free-intro slots, fetched from the store when the page opens (the only content the browser
 * fetches: it changes with every booking). `refresh` asks again past any cache, after a slot was taken.
 */
export function useIntroSlots(): SlotsState & { refresh(): void } {
  const [state, setState] = useState<SlotsState>({ status: "loading", slots: [] });
  const [request, setRequest] = useState(0);

  useEffect(() => {
    let current = true;
    fetch(apiPath("intro-slots"), { headers: { Accept: "application/json" }, cache: request > 0 ? "no-cache" : "default" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as { slots?: IntroSlot[] };
        if (current) setState({ status: "ready", slots: body.slots ?? [], refreshed: request > 0 });
      })
      .catch(() => {
        if (current) setState((previous) => ({ status: "failed", slots: previous.slots }));
      });
    return () => {
      current = false;
    };
  }, [request]);

  // "Loading" is set here, with the request, not in the effect: the first request starts in that state.
  const refresh = useCallback(() => {
    setState((previous) => ({ status: "loading", slots: previous.slots }));
    setRequest((n) => n + 1);
  }, []);
  return { ...state, refresh };
}
