import type { RenderContext } from "./types";

/** A small organisation for the renderer's tests and benchmark. */
export const TEST_CONTEXT: RenderContext = {
  users: [
    { id: 10, full_name: "King Hamlet", email: "hamlet@example.com" },
    { id: 11, full_name: "Iago", email: "iago@example.com" },
    { id: 12, full_name: 'Evil "><img src=x>', email: "evil@example.com" },
  ],
  groups: [{ id: 5, name: "support" }],
  streams: [
    { id: 1, name: "Denmark" },
    { id: 2, name: "design team" },
  ],
  customEmoji: [
    {
      id: "1",
      name: "green_tick",
      source_url: "/user_avatars/1/emoji/green_tick.png",
      deactivated: false,
    },
    { id: "2", name: "parrot", source_url: "https://cdn.example/parrot.gif", deactivated: false },
    { id: "3", name: "old", source_url: "/old.png", deactivated: true },
    { id: "4", name: "evil", source_url: "javascript:alert(1)", deactivated: false },
    { id: "5", name: 'a"><svg onload=alert(1)>', source_url: "/x.png", deactivated: false },
  ],
  linkifiers: [
    { id: 1, pattern: "#(?P<id>[0-9]+)", url_template: "https://trac.example.com/ticket/{id}" },
    {
      id: 2,
      pattern: "PR (?P<repo>[a-z]+)/(?P<num>\\d+)",
      url_template: "https://git.example/{repo}/pull/{num}",
    },
  ],
};
