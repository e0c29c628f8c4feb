import { useCallback, useEffect, useState } from "react";
import { apiPath, type ApiName } from "../forms/endpoints";

export type OfferState<O> =
  { status: "loading"; offer: O } | { status: "ready"; offer: O; refreshed: boolean } | { status: "failed"; offer: O };

/**
 * What a booking page offers as the store has it now (the free intro's open times, the kids' trial
 * classes and their seats), fetched when the page opens: the only content the browser fetches, as it
 * changes with every booking. `refresh` asks again past any cache, after a choice was taken.
 *
 * `read` makes the offer of the answer's JSON, each part empty where the answer lacks it, so `read({})`
 * is the offer before the first answer. Pass a function of the module: a new one fetches again.
 */
export function useOffer<O>(endpoint: ApiName, read: (answer: Partial<O>) => O): OfferState<O> & { refresh(): void } {
  const [state, setState] = useState<OfferState<O>>(() => ({ status: "loading", offer: read({}) }));
  const [request, setRequest] = useState(0);

  useEffect(() => {
    let current = true;
    fetch(apiPath(endpoint), { headers: { Accept: "application/json" }, cache: request > 0 ? "no-cache" : "default" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        const offer = read((await response.json()) as Partial<O>);
        if (current) setState({ status: "ready", offer, refreshed: request > 0 });
      })
      .catch(() => {
        if (current) setState((previous) => ({ status: "failed", offer: previous.offer }));
      });
    return () => {
      current = false;
    };
  }, [endpoint, read, request]);

  // "Loading" is set here, with the request, not in the effect: the first request starts in that state.
  const refresh = useCallback(() => {
    setState((previous) => ({ status: "loading", offer: previous.offer }));
    setRequest((n) => n + 1);
  }, []);
  return { ...state, refresh };
}
