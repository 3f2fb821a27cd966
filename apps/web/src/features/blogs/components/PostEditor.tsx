import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';

/**
 * The rich-text editor of a post (tiptap through @mantine/tiptap), loaded only on the writer's
 * screen (React.lazy): public pages never ship it. What it makes is sanitized again on the server.
 */
export function PostEditor({
  initialHtml,
  onChange,
  error,
}: {
  initialHtml: string;
  onChange: (html: string) => void;
  error?: string;
}) {
  const change = useRef(onChange);
  useEffect(() => {
    change.current = onChange;
  });
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }), Link],
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
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={260} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
