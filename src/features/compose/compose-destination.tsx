import { useQuery } from "@tanstack/react-query";
import { useRef, useState, type RefObject } from "react";
import { Icon } from "../../components/icon";
import type { Narrow } from "../../lib/narrow";
import { streamQueries } from "../../queries/stream-queries";
import { rankMatches } from "../typeahead/match";
import { SuggestInput } from "../typeahead/suggest-input";
import { streamOptions } from "../typeahead/suggestions";
import { OptionContent } from "../typeahead/typeahead-list";
import { RecipientInput } from "./recipient-input";
import { findSubscription, type ComposeState } from "./use-compose";

/** The topic box, with the stream's existing topics (newest first) as suggestions. */
function TopicInput({
  streamId,
  value,
  onChange,
  onDone,
  inputRef,
}: {
  streamId: number | undefined;
  value: string;
  onChange: (topic: string) => void;
  onDone: () => void;
  inputRef?: RefObject<HTMLInputElement | null> | undefined;
}) {
  // Topics are fetched once the box is used, not for every narrow opened.
  const [isWanted, setWanted] = useState(false);
  const topics = useQuery({
    ...streamQueries.topics(streamId ?? -1),
    enabled: isWanted && streamId !== undefined,
  }).data;
  return (
    <div
      className="compose-topic-field"
      onFocus={() => {
        setWanted(true);
      }}
    >
      <SuggestInput
        role="textbox"
        label="Topic"
        listLabel="Topics"
        placeholder="Topic"
        value={value}
        onChange={onChange}
        suggestionsFor={(text) => rankMatches(text, topics ?? [], (topic) => [topic.name])}
        keyOf={(topic) => topic.name}
        textOf={(topic) => topic.name}
        renderOption={(topic) => (
          <>
            <Icon name="chevronRight" className="typeahead-icon" />
            <span className="typeahead-label">{topic.name}</span>
          </>
        )}
        onPicked={onDone}
        onEnter={onDone}
        inputRef={inputRef}
      />
    </div>
  );
}

/** Stream and topic, or people: where a message goes in a narrow that doesn't say. */
function ChosenDestination({
  compose,
  userName,
  focusContent,
}: {
  compose: ComposeState;
  userName: (userId: number) => string;
  focusContent: () => void;
}) {
  const { chosen, setChosen } = compose;
  const topicRef = useRef<HTMLInputElement>(null);
  const focusTopic = () => {
    topicRef.current?.focus();
  };
  const stream = findSubscription(compose.subscriptions, chosen.streamName);
  return (
    <>
      <div className="compose-mode" role="group" aria-label="Message type">
        <button
          type="button"
          aria-pressed={chosen.mode === "stream"}
          onClick={() => {
            setChosen({ ...chosen, mode: "stream" });
          }}
        >
          Stream
        </button>
        <button
          type="button"
          aria-pressed={chosen.mode === "direct"}
          onClick={() => {
            setChosen({ ...chosen, mode: "direct" });
          }}
        >
          Direct message
        </button>
      </div>
      {chosen.mode === "stream" ? (
        <>
          <SuggestInput
            label="Stream"
            listLabel="Streams"
            placeholder="Stream"
            className="compose-stream-input"
            value={chosen.streamName}
            onChange={(streamName) => {
              setChosen({ ...chosen, streamName });
            }}
            suggestionsFor={(text) => streamOptions(text, compose.subscriptions)}
            keyOf={(option) => option.key}
            textOf={(option) => option.label}
            renderOption={(option) => <OptionContent option={option} />}
            onPicked={focusTopic}
            onEnter={focusTopic}
          />
          <Icon name="chevronRight" className="compose-separator" />
          <TopicInput
            streamId={stream?.stream_id}
            value={compose.topic}
            onChange={compose.setTopic}
            onDone={focusContent}
            inputRef={topicRef}
          />
        </>
      ) : (
        <RecipientInput
          recipientIds={chosen.recipientIds}
          onChange={(recipientIds) => {
            setChosen({ ...chosen, recipientIds });
          }}
          userName={userName}
          onDone={focusContent}
        />
      )}
    </>
  );
}

/**
 * The first line of the compose box: the narrow's stream and an editable topic, the
 * conversation's people, or (all messages, starred, mentions, search) a choice of either.
 */
export function ComposeDestination({
  narrow,
  compose,
  userName,
  focusContent,
}: {
  narrow: Narrow;
  compose: ComposeState;
  userName: (userId: number) => string;
  focusContent: () => void;
}) {
  let fields;
  switch (narrow.kind) {
    case "stream":
    case "topic": {
      const isPrivate =
        compose.subscriptions.find((sub) => sub.stream_id === narrow.streamId)?.invite_only ===
        true;
      fields = (
        <>
          <span className="compose-stream-name">
            <Icon name={isPrivate ? "lock" : "hash"} />
            {narrow.streamName}
          </span>
          <Icon name="chevronRight" className="compose-separator" />
          <TopicInput
            streamId={narrow.streamId}
            value={compose.topic}
            onChange={compose.setTopic}
            onDone={focusContent}
          />
        </>
      );
      break;
    }
    case "dm":
      fields = (
        <span className="compose-to">
          <span className="muted">To:</span> {narrow.userIds.map(userName).join(", ")}
        </span>
      );
      break;
    default:
      fields = (
        <ChosenDestination compose={compose} userName={userName} focusContent={focusContent} />
      );
  }
  return <div className="compose-destination">{fields}</div>;
}
