/**
 * @jest-environment jsdom
 */
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { useOffer, type OfferState } from "../../../src/hooks/useOffer";

/**
 * The offer a booking page fetches, through the hook as a component uses it, with the server stubbed:
 * jsdom has no `Response`, so the stub answers with the parts of one the hook reads.
 */
interface Offer {
  zone: string;
  days: readonly string[];
}
const readOffer = (answer: Partial<Offer>): Offer => ({ zone: answer.zone ?? "", days: answer.days ?? [] });

function answer(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as unknown as Response;
}

const fetchStub = jest.fn<Promise<Response>, [string, RequestInit]>();
let root: Root;
let container: HTMLElement;
let seen: Array<OfferState<Offer> & { refresh(): void }>;

function Page() {
  seen.push(useOffer("intro-slots", readOffer));
  return null;
}
const latest = () => seen[seen.length - 1]!;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  Object.assign(globalThis, { fetch: fetchStub });
});

beforeEach(() => {
  fetchStub.mockReset();
  seen = [];
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

async function open() {
  await act(async () => root.render(<Page />));
}

test("the page opens loading an empty offer, then shows the server's, each part it lacks empty", async () => {
  fetchStub.mockResolvedValueOnce(answer(200, { zone: "Pacific Time" }));
  await open();
  expect(seen[0]).toMatchObject({ status: "loading", offer: { zone: "", days: [] } });
  expect(latest()).toMatchObject({ status: "ready", offer: { zone: "Pacific Time", days: [] }, refreshed: false });
  const [url, init] = fetchStub.mock.calls[0]!;
  expect(url).toBe("/api/intro-slots");
  expect(init).toMatchObject({ headers: { Accept: "application/json" }, cache: "default" });
});

test("refresh asks again past any cache, loading with the offer shown so far, and says it was refreshed", async () => {
  fetchStub.mockResolvedValueOnce(answer(200, { zone: "Pacific Time", days: ["2026-11-26", "2026-11-27"] }));
  await open();
  let finish = (_: Response) => {};
  fetchStub.mockReturnValueOnce(new Promise((resolve) => (finish = resolve)));
  await act(async () => latest().refresh());
  expect(latest()).toMatchObject({ status: "loading", offer: { days: ["2026-11-26", "2026-11-27"] } });
  expect(fetchStub.mock.calls[1]![1]).toMatchObject({ cache: "no-cache" });
  await act(async () => finish(answer(200, { zone: "Pacific Time", days: ["2026-11-27"] })));
  expect(latest()).toMatchObject({ status: "ready", offer: { days: ["2026-11-27"] }, refreshed: true });
});

test("a refused or unreachable request fails, keeping the offer shown so far", async () => {
  fetchStub.mockResolvedValueOnce(answer(200, { zone: "Pacific Time", days: ["2026-11-26"] }));
  await open();
  fetchStub.mockResolvedValueOnce(answer(503, { error: "Try again" }));
  await act(async () => latest().refresh());
  expect(latest()).toMatchObject({ status: "failed", offer: { zone: "Pacific Time", days: ["2026-11-26"] } });
  fetchStub.mockRejectedValueOnce(new TypeError("Failed to fetch"));
  await act(async () => latest().refresh());
  expect(latest()).toMatchObject({ status: "failed", offer: { days: ["2026-11-26"] } });
});
