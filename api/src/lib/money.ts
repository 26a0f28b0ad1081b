/** Money is stored as integer fen and shown as yuan with two decimals. */
export const fenToYuan = (fen: number) => Math.round(fen) / 100;
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
