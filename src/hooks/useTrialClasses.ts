import { useCallback, useEffect, useState } from "react";
import { apiPath } from "../forms/endpoints";
import type { DaySlots } from "../intro/display";

/** A kids class as the server words it: its seats left and its label in the gym's zone. */
export interface TrialClassShown {
  start: string;
  left: number;
  seats: number;
  coach?: string;
  label: string;
}

/** The kids' trial classes: every class of the next two weeks, and those with a seat left by day (as the intro's picker shows times). */
export interface TrialClassOffer {
  zone: string;
  classes: readonly TrialClassShown[];
  days: readonly DaySlots[];
}

const NONE: TrialClassOffer = { zone: "", classes: [], days: [] };

export type TrialClassesState =
  | { status: "loading"; offer: TrialClassOffer }
  | { status: "ready"; offer: TrialClassOffer; refreshed: boolean }
  | { status: "failed"; offer: TrialClassOffer };

/**
 * The kids' trial classes and their seats left, fetched from the store when the page opens (they
 * change with every booking). `refresh` asks again past any cache, after a class filled up.
 */
export function useTrialClasses(): TrialClassesState & { refresh(): void } {
  const [state, setState] = useState<TrialClassesState>({ status: "loading", offer: NONE });
  const [request, setRequest] = useState(0);

  useEffect(() => {
    let current = true;
    fetch(apiPath("kids-trial-classes"), { headers: { Accept: "application/json" }, cache: request > 0 ? "no-cache" : "default" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const body = (await response.json()) as Partial<TrialClassOffer>;
        const offer = { zone: body.zone ?? "", classes: body.classes ?? [], days: body.days ?? [] };
        if (current) setState({ status: "ready", offer, refreshed: request > 0 });
      })
      .catch(() => {
        if (current) setState((previous) => ({ status: "failed", offer: previous.offer }));
      });
    return () => {
      current = false;
    };
  }, [request]);

  const refresh = useCallback(() => {
    setState((previous) => ({ status: "loading", offer: previous.offer }));
    setRequest((n) => n + 1);
  }, []);
  return { ...state, refresh };
}
