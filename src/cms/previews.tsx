import type { ReactNode } from "react";
import { AnnouncementArticle } from "../components/AnnouncementArticle";
import * as articleImage from "../components/ArticleImage.module.css";
import { ProgramArticle } from "../components/ProgramArticle";
import { calendarDateLabel } from "../time/labels";

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
      date={calendarDateLabel(date)}
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
