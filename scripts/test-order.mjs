// The order a suite's test files start in (vitest's `sequence.sequencer`): files ranked by their
// names, lower first, vitest's own order (the last run's durations, else file size) within a rank.
// Two workers take files from one queue, so a long file that starts last makes the run wait for it
// alone: each suite ranks its longest files first (api/test/sequencer.ts, tests/support/sequencer.ts).

/** `rank(fileName)`: the file's place; `BaseSequencer` is vitest's (from the suite's own vitest). */
export function rankedSequencer(BaseSequencer, rank) {
  return class extends BaseSequencer {
    async sort(files) {
      const sorted = await super.sort(files);
      const place = (spec) => rank(spec.moduleId.split('/').pop());
      return sorted
        .map((spec, i) => ({ spec, i }))
        .sort((a, b) => place(a.spec) - place(b.spec) || a.i - b.i)
        .map((x) => x.spec);
    }
  };
}

/** A rank that puts `names` first, in their order, and every other file after them. */
export const firstOf = (names) => (file) => {
  const i = names.indexOf(file);
  return i < 0 ? names.length : i;
};
