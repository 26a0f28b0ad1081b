export * from './logic.js';
export * from './protocol.js';
export * from './reports.js';
export * from './screen-data.js';
