/** The compose-rule list tab of /nft/goods (being built). */
export function ComposeRuleList() {
  return null;
}
