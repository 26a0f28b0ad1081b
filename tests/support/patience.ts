// One measure of patience for every suite (scripts/patience.mjs).
export { patience, scaled } from '../../scripts/patience.mjs';
