import type { ReactNode } from "react";
import { AnnouncementArticle } from "../components/AnnouncementArticle";
import * as articleImage from "../components/ArticleImage.module.css";
import { ProgramArticle } from "../components/ProgramArticle";

/**
 * The editor's previews: the site's own page components, given the entry being edited instead of the
 * build's data. Photos show as the uploaded file (the site serves resized copies of the same file).
 */

/** What the previews use of Decap's preview props (PreviewTemplateComponentProps). */
export interface PreviewProps {
  entry: { getIn(path: string[]): unknown };
  widgetFor(name: string): ReactNode;
  getAsset(path: string): { toString(): string } | undefined;
}

const field = (entry: PreviewProps["entry"], name: string): string => {
  const value = entry.getIn(["data", name]);
  return typeof value === "string" ? value : "";
};

const list = <T,>(entry: PreviewProps["entry"], name: string): T[] => {
  const value = entry.getIn(["data", name]) as { toJS?: () => T[] } | undefined;
  return value?.toJS?.() ?? [];
};

/** "2026-11-02" as the site prints it: "November 2, 2026". */
export function displayDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}

function Photo({ props, name, altName }: { props: PreviewProps; name: string; altName: string }) {
  const path = field(props.entry, name);
  const src = path ? props.getAsset(path)?.toString() : undefined;
  return src ? <img className={articleImage.image} src={src} alt={field(props.entry, altName)} /> : null;
}

export function AnnouncementPreview(props: PreviewProps) {
  const date = field(props.entry, "date");
  return (
    <AnnouncementArticle
      title={field(props.entry, "title")}
      summary={field(props.entry, "summary")}
      date={displayDate(date)}
      isoDate={date}
      image={<Photo props={props} name="image" altName="imageAlt" />}
    >
      <div className="prose">{props.widgetFor("body")}</div>
    </AnnouncementArticle>
  );
}

export function ProgramPreview(props: PreviewProps) {
  return (
    <ProgramArticle
      title={field(props.entry, "title")}
      tagline={field(props.entry, "tagline")}
      audience={field(props.entry, "audience") || undefined}
      image={<Photo props={props} name="hero" altName="heroAlt" />}
      highlights={list<string>(props.entry, "highlights")}
      faq={list<{ question: string; answer: string }>(props.entry, "faq")}
      body={<div className="prose">{props.widgetFor("body")}</div>}
    />
  );
}
