// Builds the web client into ../ginrummy_desktop/online/web_client/, the folder
// `ginrummy-server init` copies to the directory ejabberd serves (it ships in the Python
// package, so a pip install of the server serves the client without Node). The card faces in
// web_client/cards/ are exported from the desktop renderer by tools/export_cards.py.
import * as esbuild from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "ginrummy_desktop", "online", "web_client");
mkdirSync(out, { recursive: true });

// Node-only modules of @xmpp/client (DNS, TCP, TLS) are never used over WebSocket.
const nodeBuiltinsAreEmpty = {
  name: "node-builtins-are-empty",
  setup(build) {
    build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, namespace: "empty" }));
    build.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "export default {};" }));
  },
};

await esbuild.build({
  entryPoints: [join(here, "src", "main.ts")],
  bundle: true,
  minify: true,
  format: "esm",
  target: ["es2020"],
  platform: "browser",
  legalComments: "none",
  outfile: join(out, "app.js"),
  plugins: [nodeBuiltinsAreEmpty],
  logLevel: "warning",
});
await esbuild.build({
  entryPoints: [join(here, "src", "style.css")],
  bundle: true,
  minify: true,
  outfile: join(out, "app.css"),
  logLevel: "warning",
});
for (const name of ["index.html", "manifest.webmanifest", "sw.js"]) {
  copyFileSync(join(here, "public", name), join(out, name));
}
// The app's own icon (assets/icons), the same art as the desktop app's.
mkdirSync(join(out, "icons"), { recursive: true });
for (const size of ["256", "512"]) {
  copyFileSync(join(here, "..", "assets", "icons", `ginrummy-desktop-${size}.png`),
               join(out, "icons", `icon-${size}.png`));
}
copyFileSync(join(here, "..", "assets", "icons", "ginrummy-desktop.svg"), join(out, "icons", "icon.svg"));
const bytes = readFileSync(join(out, "app.js")).length;
writeFileSync(join(out, "BUILT.txt"), "Built by web/build.mjs (npm run build); do not edit.\n");
console.log(`web client: app.js ${bytes} bytes -> ${out}`);
