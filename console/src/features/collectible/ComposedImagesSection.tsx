/** A composed image of a type 3 collectible: its upload key, its URL and the layers it was made of. */
export interface ComposedImage {
  pic: string;
  url: string;
  coord: string;
}

/** Type 3's groups of layers and their composed images (being built). */
export function ComposedImagesSection(_props: { ipId: number; onChange: (items: ComposedImage[]) => void }) {
  return null;
}
