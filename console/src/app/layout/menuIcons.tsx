import {
  Archive,
  Boxes,
  ClipboardList,
  Gem,
  Gift,
  Globe,
  Image,
  LayoutDashboard,
  type LucideIcon,
  Monitor,
  Package,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Sparkles,
  Ticket,
  Truck,
  Users,
  Warehouse,
} from 'lucide-react';

/** Menu `meta.icon` names the server may send, mapped to icons; unknown names get a default. */
const ICONS: Record<string, LucideIcon> = {
  dashboard: LayoutDashboard,
  home: LayoutDashboard,
  box: Boxes,
  blindbox: Boxes,
  goods: Package,
  shopping: ShoppingCart,
  order: ClipboardList,
  warehouse: Warehouse,
  freight: Truck,
  truck: Truck,
  coupon: Ticket,
  ticket: Ticket,
  gift: Gift,
  kuji: Gift,
  nft: Gem,
  collectible: Gem,
  toy: Sparkles,
  skin: Image,
  image: Image,
  screen: Monitor,
  monitor: Monitor,
  user: Users,
  users: Users,
  setting: Settings,
  settings: Settings,
  overseas: Globe,
  deposit: Archive,
  clipboard: ClipboardList,
  review: ShieldCheck,
};

export function menuIcon(name: string | undefined, fallback: LucideIcon = Package): LucideIcon {
  if (!name) return fallback;
  const key = name.toLowerCase().replace(/[^a-z]/g, '');
  return ICONS[key] ?? Object.entries(ICONS).find(([k]) => key.includes(k))?.[1] ?? fallback;
}
