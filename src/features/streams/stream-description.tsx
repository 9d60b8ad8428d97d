import type { Stream } from "../../../common/wire/streams";
import { MessageBody } from "../message-list/message-body";

/**
 * A stream's description: the server's rendering (sanitised by `MessageBody`, the one place
 * that sets HTML), else the source as plain text, else a note that there is none.
 */
export function StreamDescription({
  stream,
}: {
  stream: Pick<Stream, "description" | "rendered_description">;
}) {
  const rendered = stream.rendered_description?.trim() ?? "";
  if (rendered !== "") {
    return (
      <div className="stream-description">
        <MessageBody html={rendered} />
      </div>
    );
  }
  if (stream.description.trim() !== "") {
    return <p className="stream-description">{stream.description}</p>;
  }
  return <p className="stream-description muted">No description.</p>;
}
