#!/usr/bin/env node
/**
 * Generates the sample photos the site ships with (no real photo can be downloaded on the build
 * machines). Each is a camera-sized JPEG (2400 px wide) of a drawn gym scene with lens vignetting and
 * sensor grain, so image processing, layout and page weight behave as they will with real photos.
 * Staff replace them with real photos (CONTENT.md). Deterministic: the same seed gives the same file.
 *
 *   node scripts/generate-sample-photos.mjs      writes every sample photo, the social image and the PNG icons
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const ROOT = process.cwd();
const W = 2400;
const H = 1600;

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PALETTES = {
  branding: { wall: ["#2a2d34", "#17191d"], accent: "#d62839", floor: "#121314", light: "#fff3e0" },
  events: { wall: ["#3b2f2a", "#1d1714"], accent: "#f4a261", floor: "#141110", light: "#ffe0b2" },
  bts: { wall: ["#33393f", "#1b1f23"], accent: "#4ea8de", floor: "#111416", light: "#e3f2fd" },
  kids: { wall: ["#2f3b45", "#1a2229"], accent: "#f9c74f", floor: "#15191c", light: "#fffde7" },
};

function barbell(x, y, scale, plate) {
  const len = 620 * scale;
  const r = 95 * scale;
  return `
    <rect x="${x}" y="${y - 6 * scale}" width="${len}" height="${12 * scale}" rx="${6 * scale}" fill="#b8bcc2"/>
    <rect x="${x + 40 * scale}" y="${y - r}" width="${38 * scale}" height="${2 * r}" rx="${8 * scale}" fill="#1c1c1c" stroke="${plate}" stroke-width="${6 * scale}"/>
    <rect x="${x + len - 78 * scale}" y="${y - r}" width="${38 * scale}" height="${2 * r}" rx="${8 * scale}" fill="#1c1c1c" stroke="${plate}" stroke-width="${6 * scale}"/>`;
}

function kettlebell(x, y, s, color) {
  return `
    <path d="M ${x - 28 * s} ${y - 70 * s} q ${28 * s} ${-50 * s} ${56 * s} 0" fill="none" stroke="${color}" stroke-width="${13 * s}"/>
    <circle cx="${x}" cy="${y - 22 * s}" r="${46 * s}" fill="${color}"/>
    <rect x="${x - 30 * s}" y="${y + 14 * s}" width="${60 * s}" height="${10 * s}" fill="${color}"/>`;
}

function box(x, y, w, h) {
  return `<rect x="${x}" y="${y - h}" width="${w}" height="${h}" fill="#b07c4f"/>
    <rect x="${x + w * 0.3}" y="${y - h * 0.62}" width="${w * 0.4}" height="${h * 0.14}" rx="${h * 0.07}" fill="#7a5233"/>`;
}

function person(x, y, s, color, pose) {
  const head = `<circle cx="${x}" cy="${y - 330 * s}" r="${34 * s}" fill="${color}"/>`;
  const torso = `<rect x="${x - 38 * s}" y="${y - 290 * s}" width="${76 * s}" height="${150 * s}" rx="${30 * s}" fill="${color}"/>`;
  const legs =
    pose === "squat"
      ? `<path d="M ${x - 20 * s} ${y - 150 * s} l ${-70 * s} ${70 * s} l ${20 * s} ${80 * s} M ${x + 20 * s} ${y - 150 * s} l ${70 * s} ${70 * s} l ${-20 * s} ${80 * s}" stroke="${color}" stroke-width="${30 * s}" stroke-linecap="round" fill="none"/>`
      : `<path d="M ${x - 18 * s} ${y - 150 * s} l ${-12 * s} ${150 * s} M ${x + 18 * s} ${y - 150 * s} l ${12 * s} ${150 * s}" stroke="${color}" stroke-width="${30 * s}" stroke-linecap="round" fill="none"/>`;
  const arms =
    pose === "overhead"
      ? `<path d="M ${x - 32 * s} ${y - 270 * s} l ${-30 * s} ${-120 * s} M ${x + 32 * s} ${y - 270 * s} l ${30 * s} ${-120 * s}" stroke="${color}" stroke-width="${24 * s}" stroke-linecap="round"/>
         <rect x="${x - 230 * s}" y="${y - 400 * s}" width="${460 * s}" height="${10 * s}" fill="#9ea3a8"/>
         <rect x="${x - 210 * s}" y="${y - 470 * s}" width="${30 * s}" height="${150 * s}" rx="${6 * s}" fill="#202020"/>
         <rect x="${x + 180 * s}" y="${y - 470 * s}" width="${30 * s}" height="${150 * s}" rx="${6 * s}" fill="#202020"/>`
      : `<path d="M ${x - 36 * s} ${y - 270 * s} l ${-24 * s} ${120 * s} M ${x + 36 * s} ${y - 270 * s} l ${24 * s} ${120 * s}" stroke="${color}" stroke-width="${24 * s}" stroke-linecap="round"/>`;
  return head + torso + legs + arms;
}

function scene(kind, seed, focus) {
  const r = rng(seed);
  const p = PALETTES[kind];
  const horizon = H * (0.58 + r() * 0.08);
  const parts = [];
  parts.push(`<defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.wall[0]}"/><stop offset="1" stop-color="${p.wall[1]}"/></linearGradient>
    <radialGradient id="lamp" cx="${0.3 + r() * 0.4}" cy="0" r="0.9"><stop offset="0" stop-color="${p.light}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.6"/></radialGradient>
  </defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#wall)"/>`);
  for (let x = 0; x < W; x += 240) parts.push(`<rect x="${x}" y="0" width="4" height="${horizon}" fill="#000" opacity="0.18"/>`);
  if (kind === "branding") {
    parts.push(`<rect x="${W * 0.18}" y="${H * 0.12}" width="${W * 0.64}" height="${H * 0.16}" fill="${p.accent}" opacity="0.9"/>
      <text x="${W / 2}" y="${H * 0.235}" font-family="DejaVu Sans" font-weight="bold" font-size="150" fill="#fff" text-anchor="middle" letter-spacing="12">CROSSFIT GRAHAM</text>`);
  }
  if (kind === "events") {
    for (let i = 0; i < 14; i++) {
      const x = i * (W / 13);
      const colors = ["#e76f51", "#f4a261", "#2a9d8f", "#e9c46a"];
      parts.push(`<path d="M ${x} ${H * 0.08} l ${W / 26} ${H * 0.09} l ${W / 26} ${-H * 0.09} z" fill="${colors[i % 4]}"/>`);
    }
  }
  if (kind === "bts") {
    parts.push(`<rect x="${W * 0.08}" y="${H * 0.14}" width="${W * 0.34}" height="${H * 0.32}" fill="#f5f5f5"/>`);
    for (let i = 0; i < 9; i++) {
      const y = H * 0.18 + i * H * 0.03;
      parts.push(
        `<path d="M ${W * 0.1} ${y} q ${W * 0.08} ${(r() - 0.5) * 20} ${W * (0.12 + r() * 0.16)} 0" stroke="${i % 3 ? "#1d3557" : "#d62839"}" stroke-width="7" fill="none"/>`,
      );
    }
  }
  // The rig: posts and pull-up bars.
  const rigX = W * (0.45 + r() * 0.2);
  for (let i = 0; i < 4; i++)
    parts.push(`<rect x="${rigX + i * 260}" y="${H * 0.2}" width="34" height="${horizon - H * 0.2 + 40}" fill="#0d0d0f"/>`);
  parts.push(`<rect x="${rigX}" y="${H * 0.22}" width="814" height="22" fill="#0d0d0f"/>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#lamp)"/>`);
  // Floor with rubber tiles in perspective.
  parts.push(`<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="${p.floor}"/>`);
  for (let i = -8; i <= 8; i++)
    parts.push(`<path d="M ${W / 2 + i * 90} ${horizon} L ${W / 2 + i * 520} ${H}" stroke="#000" stroke-width="5" opacity="0.5"/>`);
  for (let i = 1; i < 6; i++) {
    const y = horizon + (H - horizon) * (i / 6) ** 1.6;
    parts.push(`<path d="M 0 ${y} L ${W} ${y}" stroke="#000" stroke-width="4" opacity="0.45"/>`);
  }
  // Equipment and people, drawn far to near so nearer things overlap farther ones.
  const things = [];
  const count = 3 + Math.floor(r() * 4);
  for (let i = 0; i < count; i++) {
    const depth = 0.3 + r() * 0.7;
    const x = r() * W * 0.9;
    const y = horizon + (H - horizon) * depth * 0.9;
    const pick = r();
    const accent = r() < 0.5;
    if (pick < 0.4) things.push([y, barbell(x, y - 90 * depth, 0.6 + depth, accent ? p.accent : "#3a86ff")]);
    else if (pick < 0.7) things.push([y, kettlebell(x, y, 0.8 + depth, accent ? "#222" : p.accent)]);
    else things.push([y, box(x, y, 260 * (0.6 + depth), 200 * (0.6 + depth))]);
  }
  const people = focus === "crowd" ? 9 : focus === "athlete" ? 2 : 1 + Math.floor(r() * 2);
  for (let i = 0; i < people; i++) {
    const depth = focus === "crowd" ? 0.35 + (i / people) * 0.5 : 0.6 + r() * 0.35;
    const x = W * (0.12 + r() * 0.76);
    const y = horizon + (H - horizon) * depth * 0.95;
    const shades = ["#0b0b0c", "#1b1e22", "#2b2f36", "#3c1518"];
    const pose = ["stand", "squat", "overhead"][Math.floor(r() * 3)];
    things.push([y, person(x, y, 1.1 + depth * 1.4, shades[i % shades.length], focus === "crowd" ? "stand" : pose)]);
  }
  things.sort((a, b) => a[0] - b[0]).forEach(([, svg]) => parts.push(svg));
  parts.push(`<rect width="${W}" height="${H}" fill="url(#vignette)"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("")}</svg>`;
}

function grain(seed, width, height) {
  const r = rng(seed ^ 0x9e3779b9);
  const data = Buffer.alloc(width * height);
  for (let i = 0; i < data.length; i++) data[i] = 128 + Math.round((r() + r() + r() - 1.5) * 38);
  return data;
}

async function photo(kind, seed, focus, outFile, size = { width: W, height: H }) {
  const base = await sharp(Buffer.from(scene(kind, seed, focus)))
    .resize(size.width, size.height, { fit: "cover" })
    .blur(1.1)
    .png()
    .toBuffer();
  await sharp(base)
    .composite([
      { input: grain(seed, size.width, size.height), raw: { width: size.width, height: size.height, channels: 1 }, blend: "soft-light" },
    ])
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(outFile);
  const { size: bytes } = fs.statSync(outFile);
  console.log(`${path.relative(ROOT, outFile)}  ${size.width}x${size.height}  ${Math.round(bytes / 1024)} KB`);
}

const GALLERY_SHOTS = {
  branding: ["athlete", "athlete", "single", "athlete", "single", "athlete"],
  events: ["crowd", "crowd", "athlete", "crowd", "athlete", "crowd"],
  bts: ["single", "athlete", "single", "single", "athlete", "single"],
};

async function socialImage(outFile) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <rect width="1200" height="630" fill="#17191d"/>
    <rect x="0" y="0" width="24" height="630" fill="#d62839"/>
    <text x="80" y="270" font-family="DejaVu Sans" font-weight="bold" font-size="96" fill="#ffffff" letter-spacing="4">CROSSFIT</text>
    <text x="80" y="380" font-family="DejaVu Sans" font-weight="bold" font-size="96" fill="#d62839" letter-spacing="4">GRAHAM</text>
    <text x="80" y="470" font-family="DejaVu Sans" font-size="34" fill="#e8e8e8">Coached classes · Foundations · CrossFit Kids</text>
    <text x="80" y="530" font-family="DejaVu Sans" font-size="28" fill="#b0b3b8">Graham, Washington</text>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 86, mozjpeg: true }).toFile(outFile);
  console.log(`${path.relative(ROOT, outFile)}  1200x630`);
}

async function main() {
  const images = path.join(ROOT, "content/images");
  fs.mkdirSync(images, { recursive: true });
  await photo("branding", 11, "athlete", path.join(images, "hero.jpg"), { width: 2400, height: 1350 });
  await photo("branding", 12, "athlete", path.join(images, "program-crossfit.jpg"));
  await photo("bts", 13, "single", path.join(images, "program-foundations.jpg"));
  await photo("kids", 14, "crowd", path.join(images, "program-kids.jpg"));
  await photo("bts", 15, "single", path.join(images, "announcement-nutrition.jpg"));
  for (const [kind, shots] of Object.entries(GALLERY_SHOTS)) {
    const dir = path.join(ROOT, "content/galleries", kind);
    fs.mkdirSync(dir, { recursive: true });
    for (const [index, focus] of shots.entries()) {
      await photo(kind, 100 * (Object.keys(GALLERY_SHOTS).indexOf(kind) + 1) + index, focus, path.join(dir, `${kind}-${index + 1}.jpg`));
    }
  }
  await socialImage(path.join(ROOT, "static/og-default.jpg"));
  await icons();
}

/** The PNG icons, drawn from the SVG one: the tab icon the site's pages link (see gatsby-ssr.tsx), and phones' home-screen icons. */
async function icons() {
  const svg = fs.readFileSync(path.join(ROOT, "static/favicon.svg"));
  const padded = (size, pad) =>
    sharp(svg, { density: 600 })
      .resize(size - 2 * pad, size - 2 * pad)
      .extend({ top: pad, bottom: pad, left: pad, right: pad, background: "#16181d" })
      .png();
  await sharp(svg, { density: 300 }).resize(32, 32).png().toFile(path.join(ROOT, "static/favicon-32.png"));
  await padded(180, 20).toFile(path.join(ROOT, "static/apple-touch-icon.png"));
  await padded(192, 24).toFile(path.join(ROOT, "static/icon-192.png"));
  await padded(512, 64).toFile(path.join(ROOT, "static/icon-512.png"));
  console.log("static/favicon-32.png, apple-touch-icon.png, icon-192.png, icon-512.png");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
