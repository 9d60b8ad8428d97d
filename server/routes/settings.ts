import type { ResponsePayload } from "../../common/wire/endpoints";
import { updateUserSettings } from "../actions/user-settings";
import { STORED_USER_SETTINGS, USER_SETTING_TYPES, type SettingType } from "../db/user-settings";
import { ApiError } from "../http/errors";
import type { Params } from "../http/params";
import { userEndpoint, type AuthenticatedCall, type Endpoint } from "../http/endpoint";

/** One setting's value from the request, checked against its type; undefined when not sent. */
function settingValue(
  params: Params,
  name: string,
  type: SettingType,
): boolean | number | string | undefined {
  switch (type.kind) {
    case "bool":
      return params.optionalBool(name);
    case "int": {
      const value = params.optionalInt(name);
      if (value !== undefined && !type.choices.includes(value)) {
        throw new ApiError(`Invalid ${name}`);
      }
      return value;
    }
    case "range": {
      const value = params.optionalInt(name);
      if (value !== undefined && (value < type.min || value > type.max)) {
        throw new ApiError(`${name} must be between ${type.min} and ${type.max}`);
      }
      return value;
    }
    case "string": {
      const value = params.optionalString(name);
      if (value !== undefined && !type.choices.includes(value)) {
        throw new ApiError(`Invalid ${name}`);
      }
      return value;
    }
  }
}

/**
 * `PATCH /settings`: the settings Parley stores, each optional and JSON-encoded as in Zulip
 * (`translate_emoticons=true`, `color_scheme=2`; a string plain: `web_home_view=inbox`). A value
 * of the wrong type or out of its choices is Zulip's error (`translate_emoticons is not a
 * boolean`, `Invalid color_scheme`) and changes nothing: every value is checked before any is
 * written. Zulip's other settings are answered in `ignored_parameters_unsupported`, as every
 * parameter no handler reads.
 */
async function updateSettings(
  call: AuthenticatedCall,
): Promise<ResponsePayload<"settings", "PATCH">> {
  const change: Record<string, unknown> = {};
  for (const name of STORED_USER_SETTINGS) {
    const value = settingValue(call.params, name, USER_SETTING_TYPES[name].type);
    if (value !== undefined) change[name] = value;
  }
  await updateUserSettings(call.ctx, call.user, change);
  return {};
}

/** The user's own settings. */
export const settingsEndpoints: Endpoint[] = [userEndpoint("settings", { PATCH: updateSettings })];
