/** /nft/composeAdd?id (being built). */
export default function ComposeRuleFormPage() {
  return null;
}
