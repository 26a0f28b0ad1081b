/** /nft/goodsAdd?type=1|2|3 (being built). */
export default function CollectibleFormPage() {
  return null;
}
