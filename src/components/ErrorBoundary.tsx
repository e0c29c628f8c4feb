import { Component, type ErrorInfo, type ReactNode } from "react";
import { errorCode, isBot } from "../runtime/errors";
import { ErrorMessage } from "./ErrorMessage";

interface Props {
  children: ReactNode;
  /** Overridable for tests; defaults to the browser's user agent. */
  userAgent?: string;
}

interface State {
  error: Error | null;
}

/**
 * Catches anything a page throws while rendering in the browser and shows a friendly message with a
 * way home. Crawlers get nothing extra (the error is only logged), so no error text is ever indexed.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("Page failed to render", error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const userAgent = this.props.userAgent ?? (typeof navigator === "undefined" ? "" : navigator.userAgent);
    if (isBot(userAgent)) return null;
    return (
      <ErrorMessage heading={`Something went wrong (${errorCode(error)})`}>
        <p data-testid="error-message">{error.message}</p>
      </ErrorMessage>
    );
  }
}
