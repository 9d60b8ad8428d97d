// The people of the users directory's tests (directory-users.test.ts, user-directory.test.tsx):
// one of each role, a deactivated user and one whose email is hidden. Wire objects, for tests only.
import * as wire from "../../test/api-fixtures";

/** An administrator. */
export const iago = wire.user({
  user_id: 10,
  email: "iago@parley.test",
  full_name: "Iago",
  role: 200,
});

/** A member, with the default email of the wire fixture. */
export const hamlet = wire.user({ user_id: 11, full_name: "King Hamlet", role: 400 });

/** The owner. */
export const desdemona = wire.user({
  user_id: 12,
  email: "desdemona@parley.test",
  full_name: "Desdemona",
  role: 100,
});

/** A guest. */
export const polonius = wire.user({
  user_id: 13,
  email: "polonius@parley.test",
  full_name: "Polonius",
  role: 600,
});

/** A moderator. */
export const prospero = wire.user({
  user_id: 14,
  email: "prospero@parley.test",
  full_name: "Prospero",
  role: 300,
});

/** A deactivated member. */
export const yorick = wire.user({
  user_id: 15,
  email: "yorick@parley.test",
  full_name: "Yorick",
  is_active: false,
});

/** A member whose email is hidden: `email` is a placeholder, `delivery_email` the real one. */
export const viola = wire.user({
  user_id: 16,
  email: "user16@zulip.example.com",
  delivery_email: "viola@parley.test",
  full_name: "Viola",
});
