-- What is known of an uploaded image (Zulip's ImageAttachment): its size after EXIF rotation, its
-- frames, and the thumbnails stored beside it (format names such as `840x560.webp`). An upload
-- without a row here is rendered and served as the original only. Deleted with its upload.
CREATE TABLE image_attachments (
  attachment_id integer PRIMARY KEY REFERENCES attachments (id) ON DELETE CASCADE,
  original_width integer NOT NULL CHECK (original_width > 0),
  original_height integer NOT NULL CHECK (original_height > 0),
  frames integer NOT NULL CHECK (frames > 0),
  thumbnail_formats text[] NOT NULL
);
