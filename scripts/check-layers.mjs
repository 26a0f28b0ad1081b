// `npm run lint`, after Biome: the API and the console stand in layers. Each feature folder
// (features/<name>/) and each other top folder or file of api/src and console/src is one module; an
// import from one module to another must never close a loop, so every module stands above all it
// imports (no import runs back up the tree, no import circle). What several features share goes one
// layer down (api/src/features/holdings, shipment, http, lib; console components, session, lib).
// And an API feature uses another only through its public face, features/<name>/index.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { root } from './lib.mjs';

const PACKAGES = ['api/src', 'console/src'];
/** The packages whose features import each other only through features/<name>/index.ts. */
const FACES = ['api/src'];
const SOURCE = /\.(ts|tsx|mjs)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (SOURCE.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

/** The module a file belongs to: its feature folder, else its top folder or file under the package. */
function moduleOf(pkg, file) {
  const parts = relative(pkg, file).split('/');
  return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : parts[0];
}

/** The file an import names (`./x.js` is x.ts in the source; a folder is its index). */
function target(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\.(m?js)$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

let failures = 0;
let loopsFound = 0;
for (const pkgDir of PACKAGES) {
  const pkg = join(root, pkgDir);
  /** module → module → the first import that ties them, for the message. */
  const edges = new Map();
  for (const file of files(pkg)) {
    const from = moduleOf(pkg, file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = target(file, m[1] ?? m[2]);
      if (!to?.startsWith(pkg)) continue;
      const toModule = moduleOf(pkg, to);
      if (toModule === from) continue;
      if (FACES.includes(pkgDir) && from.startsWith('features/') && toModule.startsWith('features/')) {
        if (!to.endsWith(`${toModule}/index.ts`)) {
          failures += 1;
          console.error(
            `✗ ${relative(root, file)} imports ${relative(root, to)}: another feature's inside; use ${pkgDir}/${toModule}/index.ts (add the name there)`,
          );
        }
      }
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(toModule))
        edges.get(from).set(toModule, `${relative(root, file)} → ${relative(root, to)}`);
    }
  }
  // Tarjan's strongly connected components: any with two or more modules is a loop.
  let index = 0;
  const stack = [];
  const info = new Map();
  const loops = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) loops.push(component);
    }
  };
  for (const v of edges.keys()) if (!info.has(v)) visit(v);
  for (const loop of loops) {
    failures += 1;
    loopsFound += 1;
    const inLoop = new Set(loop);
    console.error(`✗ ${pkgDir}: these modules import each other in a loop: ${loop.sort().join(', ')}`);
    for (const from of loop)
      for (const [to, why] of edges.get(from) ?? []) if (inLoop.has(to)) console.error(`    ${from} → ${to}: ${why}`);
  }
}
if (failures) {
  if (loopsFound)
    console.error('Move what both sides need one layer down (see the header of scripts/check-layers.mjs).');
  process.exit(1);
}
console.log(
  `› layers: no import loop between the modules of ${PACKAGES.join(' and ')}; features of ${FACES.join(', ')} meet through their index.ts`,
);
