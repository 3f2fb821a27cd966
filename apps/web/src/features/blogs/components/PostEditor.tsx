import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
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
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  /** Undefined until the post is saved: its pictures are kept with it. */
  uploadPicture?: (file: File) => Promise<BlogPicture>;
  error?: string;
}) {
  const [picking, setPicking] = useState(false);
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
      attributes: {
        'data-testid': 'blog-editor',
        'aria-label': 'Post text',
        'aria-multiline': 'true',
        role: 'textbox',
      },
    },
    onUpdate: ({ editor: current }) => change.current(current.isEmpty ? '' : current.getHTML()),
  });
  return (
    <Input.Wrapper label="Post text" error={error} withAsterisk>
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
            <RichTextEditor.Control onClick={() => setPicking(true)} aria-label="Insert picture" title="Insert picture">
              <IconPhoto stroke={1.5} size={16} />
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={260} className="bl-editor" />
      </RichTextEditor>
      <PictureDialog
        opened={picking}
        onClose={() => setPicking(false)}
        upload={uploadPicture}
        onInsert={(picture, alt) => editor?.chain().focus().setImage({ src: picture.src, alt }).run()}
      />
    </Input.Wrapper>
  );
}
