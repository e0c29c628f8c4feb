import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { builtFiles, pageHeaders } from "../../host/site";

export interface StaticHost {
  url: string;
  close(): Promise<void>;
}

/**
 * The build served as a host without redirect rules serves it (a plain static host with the build's
 * header file): the files and their headers, each page's Content-Security-Policy included, a folder
 * asked for without its slash sent on to it, and no 301s for the old addresses, so an old address is
 * answered by its generated redirect page.
 */
export async function startStaticHost(root = "."): Promise<StaticHost> {
  const app = express();
  // Absolute: the 404 page is sent with res.sendFile, which needs one.
  app.use(builtFiles(path.resolve(root, "public"), pageHeaders(root)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
