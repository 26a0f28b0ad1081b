// The system holds only the recipes of the components the console uses (theme.ts). This test reads
// every Chakra import under src/ and Chakra's own sources, and fails when a component in use has no
// recipe in the system: without it the component would render unstyled.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system } from './theme';

/** Components that bring their recipe themselves (the `recipe` prop). */
const OWN_RECIPE: Record<string, string> = { datePicker: 'components/DateTimePanel.tsx' };

const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const esm = join(dirname(createRequire(import.meta.url).resolve('@chakra-ui/react')), '..', 'esm');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every name imported from @chakra-ui/react under src/, with the files importing it. */
function chakraImports(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s*\{([^}]+)\}\s*from\s*['"]@chakra-ui\/react['"]/g)) {
      for (const raw of m[1]!.split(',')) {
        const name = raw.trim();
        if (!name || name.startsWith('type ')) continue;
        names.set(name, [...(names.get(name) ?? []), file.slice(src.length + 1)]);
      }
    }
  }
  return names;
}

/** The component folder (under dist/esm/components) each export of Chakra's index comes from. */
function componentDirs(): Map<string, string> {
  const index = readFileSync(join(esm, 'index.js'), 'utf8');
  const dirs = new Map<string, string>();
  const namespaces = new Map<string, string>();
  for (const m of index.matchAll(/import \* as (\S+) from '\.\/components\/([^/]+)\/namespace\.js'/g))
    namespaces.set(m[1]!, m[2]!);
  for (const m of index.matchAll(/export \{([^}]+)\}(?: from '\.\/components\/([^/]+)\/[^']+')?;/g)) {
    for (const part of m[1]!.split(',')) {
      const [local, exported = local] = part.trim().split(/\s+as\s+/) as [string, string?];
      const dir = m[2] ?? namespaces.get(local!);
      if (dir) dirs.set(exported!, dir);
    }
  }
  return dirs;
}

/** The recipe keys a component folder uses, following its imports of other component folders. */
function recipeKeys(dir: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(dir)) return keys;
  seen.add(dir);
  const folder = join(esm, 'components', dir);
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(join(folder, file), 'utf8');
    for (const m of text.matchAll(/(?:RecipeContext|useRecipe|useSlotRecipe)\(\{[^}]*?key: "([A-Za-z]+)"/g))
      keys.add(m[1]!);
    for (const m of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) for (const k of recipeKeys(m[1]!, seen)) keys.add(k);
  }
  return keys;
}

describe('the design system', () => {
  it('has a recipe for every Chakra component the console uses', () => {
    const dirs = componentDirs();
    const missing: string[] = [];
    let checked = 0;
    for (const [name, files] of chakraImports()) {
      const dir = dirs.get(name);
      if (!dir) continue; // not a component: createSystem, chakra, parseDate, …
      for (const key of recipeKeys(dir)) {
        checked++;
        // Keys Chakra itself has no recipe for (Pagination, Text, …) are unstyled by design.
        if (!defaultSystem.hasRecipe(key) || OWN_RECIPE[key]) continue;
        if (!system.hasRecipe(key))
          missing.push(`${name} needs the "${key}" recipe in app/theme.ts (used in ${files[0]})`);
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('keeps the brand palette, the CJK fonts and the default tokens', () => {
    expect(system.token('colors.brand.500')).toBe('#6d4aff');
    expect(system.token('fonts.body')).toContain('PingFang SC');
    expect(system.token('colors.gray.200')).toBe(defaultSystem.token('colors.gray.200'));
  });
});
