import { ZULIP_FEATURE_LEVEL, ZULIP_VERSION } from "../actions/register";
import { publicEndpoint, type Endpoint } from "../http/endpoint";
import { realmUrl } from "../http/realm-url";

/** `GET /server_settings`: what a client needs before logging in (no authentication). */
export const serverEndpoints: Endpoint[] = [
  publicEndpoint("server_settings", {
    GET: ({ ctx, request }) => {
      const url = realmUrl(ctx, request);
      return Promise.resolve({
        zulip_version: ZULIP_VERSION,
        zulip_feature_level: ZULIP_FEATURE_LEVEL,
        zulip_merge_base: ZULIP_VERSION,
        push_notifications_enabled: false,
        is_incompatible: false,
        email_auth_enabled: true,
        require_email_format_usernames: true,
        authentication_methods: { dev: ctx.config.isDevelopment, password: true },
        external_authentication_methods: [],
        realm_name: ctx.realm.name,
        realm_description: ctx.realm.description,
        realm_icon: "/favicon.svg",
        realm_web_public_access_enabled: false,
        realm_uri: url,
      });
    },
  }),
];
