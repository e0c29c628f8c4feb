import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ParentSpanPluginArgs } from "gatsby";
import { onPreBootstrap } from "../../../gatsby-node";
import { samplePicturesInPlace } from "../../../src/content/samplePictures";
import SAMPLES from "../../../src/content/samplePictures.json";
import { IMAGE_FILE } from "../../../src/content/schemas";
import * as contentChecks from "../../../src/node/contentChecks";
import * as contentFiles from "../../../src/node/contentFiles";
import * as samplePictures from "../../../src/node/samplePictures";

/** Sample pictures made here, so the tests hold whichever of the real samples staff have replaced. */
const DRAWN = Buffer.from("the bytes of a sample drawing");
const KNOWN = new Set([crypto.createHash("sha256").update(DRAWN).digest("hex")]);

test("the sample pictures still in place are named in the order to replace them: the home photo, programs, coaches, then the rest", () => {
  const sample = [...KNOWN][0] as string;
  const files = [
    "galleries/bts/bts-1.jpg",
    "images/coach-dana.jpg",
    "images/announcement.jpg",
    "images/program-kids.jpg",
    "images/hero.jpg",
  ];
  expect(
    samplePicturesInPlace(
      [...files.map((file) => ({ path: file, sha256: sample })), { path: "images/real.jpg", sha256: "0".repeat(64) }],
      KNOWN,
    ),
  ).toEqual(["images/hero.jpg", "images/program-kids.jpg", "images/coach-dana.jpg", "images/announcement.jpg", "galleries/bts/bts-1.jpg"]);
});

test("the site's own list knows the samples it ships with by their SHA-256", () => {
  expect(
    samplePicturesInPlace([{ path: "images/hero.jpg", sha256: "c6c56156fa51ac7b88ee5d4a592b83af8fbbfedb47fb717c5eafa795353b714e" }]),
  ).toEqual(["images/hero.jpg"]);
});

test("the table of samples holds SHA-256 hashes, each with the image files under content/ it was made for", () => {
  const entries = Object.entries(SAMPLES);
  expect(entries.length).toBeGreaterThan(0);
  for (const [hash, files] of entries) {
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(new RegExp(`^(images|galleries/[a-z0-9-]+)/[a-z0-9-]+${IMAGE_FILE.source}`, "i"));
  }
});

test("the build's line knows a sample by its content, whatever its name, and says nothing once all are real photos", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "samples-"));
  try {
    fs.mkdirSync(path.join(dir, "images"));
    // A sample copied to a new name is still a sample; a real photo saved under a sample's name is not.
    fs.writeFileSync(path.join(dir, "images", "kids-class.jpg"), DRAWN);
    fs.writeFileSync(path.join(dir, "images", "hero.jpg"), "a real photo's bytes");
    fs.writeFileSync(path.join(dir, "notes.txt"), DRAWN);
    const notice = samplePictures.samplePicturesNotice(dir, KNOWN);
    expect(notice).toContain("1 sample picture(s) still in place");
    expect(notice).toContain(path.join("images", "kids-class.jpg"));
    expect(notice).not.toContain("hero.jpg");
    fs.rmSync(path.join(dir, "images", "kids-class.jpg"));
    expect(samplePictures.samplePicturesNotice(dir, KNOWN)).toBeUndefined();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the build logs the line for content/, and goes on", () => {
  const checks = jest.spyOn(contentChecks, "loadCheckedContent").mockReturnValue({ lines: [] });
  const folder = jest.spyOn(contentFiles, "contentDir").mockReturnValue("/the/content");
  const notice = jest.spyOn(samplePictures, "samplePicturesNotice").mockReturnValue("2 sample picture(s) still in place; ...");
  const reporter = { panic: jest.fn(), warn: jest.fn(), info: jest.fn() };
  try {
    onPreBootstrap?.({ reporter } as unknown as ParentSpanPluginArgs, { plugins: [] }, () => {});
    expect(notice).toHaveBeenCalledWith("/the/content");
  } finally {
    checks.mockRestore();
    folder.mockRestore();
    notice.mockRestore();
  }
  expect(reporter.panic).not.toHaveBeenCalled();
  expect(reporter.info).toHaveBeenCalledWith("2 sample picture(s) still in place; ...");
});
