/** The digital-collectible list tab of /nft/goods (being built). */
export function CollectibleList() {
  return null;
}
