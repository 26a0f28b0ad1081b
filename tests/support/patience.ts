// One measure of patience for every suite (scripts/patience.mjs).
export { longest, patience, scaled } from '../../scripts/patience.mjs';
