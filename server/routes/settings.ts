import type { ResponsePayload } from "../../common/wire/endpoints";
import { updateUserSettings } from "../actions/user-settings";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";

/**
 * `PATCH /settings`: the settings Parley stores, each optional and JSON-encoded as in Zulip
 * (`translate_emoticons=true`); a value of the wrong type is Zulip's error
 * (`translate_emoticons is not a boolean`) and changes nothing. Zulip's other settings are
 * answered in `ignored_parameters_unsupported`, as every parameter no handler reads.
 */
async function updateSettings(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"settings", "PATCH">> {
  const translateEmoticons = call.params.optionalBool("translate_emoticons");
  await updateUserSettings(call.ctx, call.user, {
    ...(translateEmoticons === undefined ? {} : { translate_emoticons: translateEmoticons }),
  });
  return {};
}

/** The user's own settings. */
export const settingsEndpoints: Endpoint[] = [userEndpoint("settings", { PATCH: updateSettings })];
