import { DefaultEditorOptions, RichTextInput, RichTextInputProps } from 'ra-input-rich-text';

/**
 * react-admin's rich-text input (tiptap) with an accessible name: the library's editable box
 * has none of its own. Its own chunk: LazyRichTextInput loads it.
 */
export default function RichTextEditor({ label, ...props }: RichTextInputProps & { label: string }) {
  return (
    <RichTextInput
      {...props}
      label={label}
      editorOptions={{
        ...DefaultEditorOptions,
        editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label } },
      }}
    />
  );
}
