// A thread of the off-thread pool (off-thread.ts): imports a TypeScript module of the API with tsx
// (once per thread) and calls one of its exports with the task's arguments.
import { tsImport } from 'tsx/esm/api';

const modules = new Map();

export default async function run({ module, name, args }) {
  let loaded = modules.get(module);
  if (!loaded) {
    loaded = tsImport(module, import.meta.url);
    modules.set(module, loaded);
  }
  const fn = (await loaded)[name];
  if (typeof fn !== 'function') throw new Error(`${module} has no function ${name}`);
  return fn(...args);
}
