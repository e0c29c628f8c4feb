import { useEffect, useState } from "react";
import { getJson, problemText } from "./client";

/**
 * GET /api/staff/<route>?<query>, asked again whenever `query` is another object (keep it in state or
 * a memo): the answer, null while it loads, and the problem of the last request that failed, kept until
 * one succeeds. An answer to an earlier query that arrives late is dropped.
 */
export function useStaffGet<T>(route: string, query: Record<string, string | undefined>): { answer: T | null; problem: string | null } {
  const [answer, setAnswer] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setAnswer(null);
    getJson<T>(route, query).then(
      (got) => {
        if (!current) return;
        setAnswer(got);
        setProblem(null);
      },
      (error: unknown) => current && setProblem(problemText(error)),
    );
    return () => {
      current = false;
    };
  }, [route, query]);

  return { answer, problem };
}
