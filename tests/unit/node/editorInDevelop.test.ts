import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { adminContentSecurityPolicy, CMS_LOCAL_BACKEND } from "../../../src/headers";
import { editorHeadersInDevelop } from "../../../src/node/editorInDevelop";

test("under `npm run cms` the editor's answers carry its policy with the local backend, and no other page's do", async () => {
  const app = express();
  editorHeadersInDevelop(app);
  app.get("*", (_req, res) => {
    res.send("served");
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const path of ["/admin/", "/admin/cms.js"]) {
      const response = await fetch(`${base}${path}`);
      expect(await response.text()).toBe("served");
      expect(response.headers.get("content-security-policy")).toBe(adminContentSecurityPolicy({ localBackend: true }));
      expect(response.headers.get("content-security-policy")).toContain(`https://api.github.com ${CMS_LOCAL_BACKEND}`);
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
    const page = await fetch(`${base}/about/`);
    expect(page.headers.get("content-security-policy")).toBeNull();
  } finally {
    server.close();
  }
});
