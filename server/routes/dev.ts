import { listUsers } from "../db/users";
import { findUserByEmail } from "../db/users";
import { publicEndpoint, type Endpoint } from "../http/endpoint";
import { ApiError } from "../http/errors";
import { realmUrl } from "../http/realm-url";
import type { AppContext } from "../context";

function checkDevelopment(ctx: AppContext): void {
  if (!ctx.config.isDevelopment) throw new ApiError("Endpoint not available in production.");
}

/** Development login: list the users and hand out any user's API key, without credentials. */
export const devEndpoints: Endpoint[] = [
  publicEndpoint("dev_list_users", {
    GET: async ({ ctx, request }) => {
      checkDevelopment(ctx);
      const url = realmUrl(ctx, request);
      const users = (await listUsers(ctx.db)).filter((u) => u.is_active && !u.is_bot);
      const entry = (u: (typeof users)[number]) => ({
        email: u.email,
        realm_uri: url,
        full_name: u.full_name,
      });
      return {
        direct_admins: users.filter((u) => u.role <= 200).map(entry),
        direct_users: users.filter((u) => u.role > 200).map(entry),
      };
    },
  }),
  publicEndpoint("dev_fetch_api_key", {
    POST: async ({ ctx, params }) => {
      checkDevelopment(ctx);
      const user = await findUserByEmail(ctx.db, params.string("username"));
      if (!user) {
        throw new ApiError("Your username or password is incorrect", {
          status: 401,
          code: "AUTHENTICATION_FAILED",
        });
      }
      if (!user.is_active) {
        throw new ApiError("Account is deactivated", { status: 401, code: "USER_DEACTIVATED" });
      }
      return { api_key: user.api_key, email: user.email, user_id: user.id };
    },
  }),
];
