import { useCallback, useEffect, useState } from "react";
import { apiPath } from "../forms/endpoints";
import type { DaySlots } from "../intro/display";

/** The open times as the server words them: by day in the gym's zone, and the zone's name. */
export interface IntroOffer {
  zone: string;
  days: readonly DaySlots[];
}

const NONE: IntroOffer = { zone: "", days: [] };

export type SlotsState =
  | { status: "loading"; offer: IntroOffer }
  | { status: "ready"; offer: IntroOffer; refreshed: boolean }
  | { status: "failed"; offer: IntroOffer };

/**
 * The open free-intro slots, fetched from the store when the page opens (the only content the browser
 * fetches: it changes with every booking). `refresh` asks again past any cache, after a slot was taken.
 */
export function useIntroSlots(): SlotsState & { refresh(): void } {
  const [state, setState] = useState<SlotsState>({ status: "loading", offer: NONE });
  const [request, setRequest] = useState(0);

  useEffect(() => {
    let current = true;
    fetch(apiPath("intro-slots"), { headers: { Accept: "application/json" }, cache: request > 0 ? "no-cache" : "default" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as Partial<IntroOffer>;
        if (current) setState({ status: "ready", offer: { zone: body.zone ?? "", days: body.days ?? [] }, refreshed: request > 0 });
      })
      .catch(() => {
        if (current) setState((previous) => ({ status: "failed", offer: previous.offer }));
      });
    return () => {
      current = false;
    };
  }, [request]);

  // "Loading" is set here, with the request, not in the effect: the first request starts in that state.
  const refresh = useCallback(() => {
    setState((previous) => ({ status: "loading", offer: previous.offer }));
    setRequest((n) => n + 1);
  }, []);
  return { ...state, refresh };
}
