import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { Selection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import type { BlogPicture } from '@tradeloop/contracts/blogs';
import { PictureDialog } from './PictureDialog.tsx';

/**
 * The rich-text editor of a post (tiptap through @mantine/tiptap), loaded only on the writer's
 * screen (React.lazy): public pages never ship it. What it makes is sanitized again on the server.
 */
export function PostEditor({
  initialHtml,
  onChange,
  uploadPicture,
  error,
  label = 'Post text',
}: {
  /** The field's name (a site page's editor says "Page text", decision 051). */
  label?: string;
  initialHtml: string;
  onChange: (html: string) => void;
  /** Undefined until the post is saved: its pictures are kept with it. */
  uploadPicture?: (file: File) => Promise<BlogPicture>;
  error?: string;
}) {
  /** The picture dialog, open; with the file pasted or dropped into the text, if one was. */
  const [picking, setPicking] = useState<{ file: File | null } | null>(null);
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }),
      Link,
      // Pictures come from our own storage only (the server drops any other); never inline data.
      Image.configure({ allowBase64: false }),
    ],
    content: initialHtml,
    immediatelyRender: false,
    editorProps: {
      // A file pasted or dropped into the text opens the picture dialog with it, which asks for its
      // description; left to the browser, a dropped file would be opened in place of the unsaved post.
      handlePaste: (_view, event) => pickPasted(event.clipboardData, setPicking),
      handleDrop: (view, event, _slice, moved) => !moved && pickDropped(view, event, setPicking),
      attributes: {
        'data-testid': 'blog-editor',
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: ({ editor: current }) => change.current(current.isEmpty ? '' : current.getHTML()),
  });
  return (
    <Input.Wrapper label={label} error={error} withAsterisk>
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.CodeBlock />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
            <RichTextEditor.Control
              onClick={() => setPicking({ file: null })}
              aria-label="Insert picture"
              title="Insert picture"
            >
              <IconPhoto stroke={1.5} size={16} />
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={260} className="bl-editor" />
      </RichTextEditor>
      <PictureDialog
        opened={picking !== null}
        file={picking?.file ?? null}
        onClose={() => setPicking(null)}
        upload={uploadPicture}
        onInsert={(picture, alt) => editor?.chain().focus().setImage({ src: picture.src, alt }).run()}
      />
    </Input.Wrapper>
  );
}

type Pick = (picking: { file: File }) => void;

/** A copied picture or screenshot; text copied from an office program, which adds a picture of itself, stays text. */
function pickPasted(data: DataTransfer | null, pick: Pick) {
  const file = data?.files[0];
  if (!file || data.getData('text/plain').trim()) return false;
  pick({ file });
  return true;
}

/** The picture goes where it was dropped. */
function pickDropped(view: EditorView, event: DragEvent, pick: Pick) {
  const file = event.dataTransfer?.files[0];
  if (!file) return false;
  event.preventDefault();
  const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
  if (at) view.dispatch(view.state.tr.setSelection(Selection.near(view.state.doc.resolve(at.pos))));
  pick({ file });
  return true;
}
