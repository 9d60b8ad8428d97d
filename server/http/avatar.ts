import { escapeHtml } from "../../common/markdown/render";

const PALETTE = [
  "#3b6ea5",
  "#8e5ea2",
  "#c0504d",
  "#4e9a55",
  "#d08a2e",
  "#2f8f8f",
  "#a0526d",
  "#5d6d7e",
];

/**
 * A generated avatar: the user's initials on a colour picked from their id. Served by this
 * server so no request ever leaves for another host.
 */
export function avatarSvg(userId: number, fullName: string): string {
  const initials = fullName
    .split(/\s+/)
    .filter((word) => word !== "")
    .slice(0, 2)
    .map((word) => String.fromCodePoint(word.codePointAt(0) ?? 0x3f).toUpperCase())
    .join("");
  const colour = PALETTE[userId % PALETTE.length] ?? "#3b6ea5";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="12" fill="${colour}"/>` +
    `<text x="32" y="41" font-family="system-ui, sans-serif" font-size="26" font-weight="600" ` +
    `fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`
  );
}
