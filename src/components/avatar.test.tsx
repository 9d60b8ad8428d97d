// @vitest-environment jsdom
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Avatar, initials } from "./avatar";

afterEach(cleanup);

describe("initials", () => {
  it("takes the first letters of the first and last words", () => {
    expect(initials("King Hamlet")).toBe("KH");
    expect(initials("  desdemona ")).toBe("D");
    expect(initials("Jean-Luc de la Barre")).toBe("JB");
    expect(initials("👑 Hamlet")).toBe("H");
    expect(initials("")).toBe("?");
  });
});

describe("Avatar", () => {
  it("shows a safe image, and initials when it fails to load", () => {
    const { container } = render(<Avatar url="/avatar/11" name="King Hamlet" />);
    const image = container.querySelector("img");
    expect(image?.getAttribute("src")).toBe(`${window.location.origin}/avatar/11`);
    expect(image?.getAttribute("alt")).toBe("");
    if (image !== null) fireEvent.error(image);
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toBe("KH");
  });

  it("never loads a script or data URL, and remembers a failed URL", () => {
    for (const url of ["javascript:alert(1)", "data:image/png;base64,AAAA", null]) {
      const { container } = render(<Avatar url={url} name="Iago" />);
      expect(container.querySelector("img")).toBeNull();
      expect(container.textContent).toBe("I");
      cleanup();
    }
    const { container } = render(<Avatar url="/avatar/11" name="King Hamlet" />);
    expect(container.querySelector("img")).toBeNull();
  });
});
