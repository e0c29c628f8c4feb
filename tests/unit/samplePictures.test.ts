import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ParentSpanPluginArgs } from "gatsby";
import { onPreBootstrap } from "../../gatsby-node";
import { samplePicturesInPlace } from "../../src/content/samplePictures";
import * as contentChecks from "../../src/node/contentChecks";
import * as contentFiles from "../../src/node/contentFiles";
import { samplePicturesNotice } from "../../src/node/samplePictures";

test("the sample pictures still in place are named in the order to replace them: the home photo, programs, coaches, then the rest", () => {
  const sample = "c6c56156fa51ac7b88ee5d4a592b83af8fbbfedb47fb717c5eafa795353b714e";
  const files = [
    "galleries/bts/bts-1.jpg",
    "images/coach-dana.jpg",
    "images/announcement.jpg",
    "images/program-kids.jpg",
    "images/hero.jpg",
  ];
  expect(
    samplePicturesInPlace([...files.map((file) => ({ path: file, sha256: sample })), { path: "images/real.jpg", sha256: "0".repeat(64) }]),
  ).toEqual(["images/hero.jpg", "images/program-kids.jpg", "images/coach-dana.jpg", "images/announcement.jpg", "galleries/bts/bts-1.jpg"]);
});

test("the build's line knows a sample by its content, whatever its name, and says nothing once all are real photos", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "samples-"));
  try {
    fs.mkdirSync(path.join(dir, "images"));
    // A sample copied to a new name is still a sample; a real photo saved under a sample's name is not.
    fs.copyFileSync("content/images/program-kids.jpg", path.join(dir, "images", "kids-class.jpg"));
    fs.writeFileSync(path.join(dir, "images", "hero.jpg"), "a real photo's bytes");
    fs.writeFileSync(path.join(dir, "notes.txt"), "not a picture");
    const notice = samplePicturesNotice(dir);
    expect(notice).toContain("1 sample picture(s) still in place");
    expect(notice).toContain(path.join("images", "kids-class.jpg"));
    expect(notice).not.toContain("hero.jpg");
    fs.rmSync(path.join(dir, "images", "kids-class.jpg"));
    expect(samplePicturesNotice(dir)).toBeUndefined();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the build logs the line, and goes on", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "samples-"));
  fs.copyFileSync("content/images/hero.jpg", path.join(dir, "hero.jpg"));
  const checks = jest.spyOn(contentChecks, "loadCheckedContent").mockReturnValue({ lines: [] });
  const folder = jest.spyOn(contentFiles, "contentDir").mockReturnValue(dir);
  const reporter = { panic: jest.fn(), warn: jest.fn(), info: jest.fn() };
  try {
    onPreBootstrap?.({ reporter } as unknown as ParentSpanPluginArgs, { plugins: [] }, () => {});
  } finally {
    checks.mockRestore();
    folder.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  expect(reporter.panic).not.toHaveBeenCalled();
  expect(reporter.info).toHaveBeenCalledWith(expect.stringMatching(/^1 sample picture\(s\) still in place; .*hero\.jpg$/));
});
