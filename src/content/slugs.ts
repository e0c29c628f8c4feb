/** "2026-11-16-Thanksgiving Hours" -> "thanksgiving-hours": the date prefix only orders the files. */
export function announcementSlug(fileBaseName: string): string {
  return slugify(fileBaseName.replace(/^\d{4}-\d{2}-\d{2}-/, ""));
}

export function slugify(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
