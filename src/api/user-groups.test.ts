import { describe, expect, it } from "vitest";
import { setupApi } from "../test/api-client";
import * as wire from "../test/api-fixtures";
import { success } from "../test/fake-fetch";
import {
  createUserGroup,
  deactivateUserGroup,
  getUserGroups,
  updateUserGroup,
  updateUserGroupMembers,
} from "./user-groups";

describe("user group bindings", () => {
  it("getUserGroups GETs user_groups, system groups included", async () => {
    const { fake, client } = setupApi();
    const groups = [
      wire.userGroup({ id: 1, name: "role:everyone", members: [], is_system_group: true }),
      wire.userGroup(),
    ];
    fake.json(200, success({ user_groups: groups }));
    const result = await getUserGroups(client);
    expect(fake.lastRequest.method).toBe("GET");
    expect(fake.lastRequest.path).toBe("/api/v1/user_groups");
    expect(result.user_groups).toEqual(groups);
  });

  it("createUserGroup POSTs user_groups/create with JSON members", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({ group_id: 14 }));
    const result = await createUserGroup(client, {
      name: "danes",
      description: "Of Denmark",
      members: [10, 11],
    });
    expect(fake.lastRequest.path).toBe("/api/v1/user_groups/create");
    expect(fake.lastRequest.body).toEqual({
      name: "danes",
      description: "Of Denmark",
      members: "[10,11]",
    });
    expect(result.group_id).toBe(14);
  });

  it("updateUserGroupMembers POSTs add and delete lists to user_groups/{id}/members", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await updateUserGroupMembers(client, { user_group_id: 13, add: [12], delete: [10] });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/user_groups/13/members");
    expect(fake.lastRequest.body).toEqual({ add: "[12]", delete: "[10]" });
  });

  it("updateUserGroup PATCHes user_groups/{id} with only the fields given", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await updateUserGroup(client, { user_group_id: 13, name: "Danes" });
    expect(fake.lastRequest.method).toBe("PATCH");
    expect(fake.lastRequest.path).toBe("/api/v1/user_groups/13");
    expect(fake.lastRequest.body).toEqual({ name: "Danes" });
  });

  it("deactivateUserGroup POSTs user_groups/{id}/deactivate", async () => {
    const { fake, client } = setupApi();
    fake.json(200, success({}));
    await deactivateUserGroup(client, { user_group_id: 13 });
    expect(fake.lastRequest.method).toBe("POST");
    expect(fake.lastRequest.path).toBe("/api/v1/user_groups/13/deactivate");
  });
});
