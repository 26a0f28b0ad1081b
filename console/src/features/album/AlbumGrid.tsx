/** The album card grid tab of /nft/goods (being built). */
export function AlbumGrid() {
  return null;
}
