/** What the free-intro booking renders with; its check is src/forms/intro/schema.ts, loaded on first use. */
export const CHOOSE_TIME = "Choose a time for your free intro";
