/** The receipt kind of each table (virtual_receipts.kind): scenes are toys of type 2. */
export const RECEIPT_KIND = { toy: 'toy', moment: 'moment', wallpaper: 'wallpaper', skin: 'skin' } as const;
