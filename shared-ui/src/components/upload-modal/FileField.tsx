import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { type ChangeEvent, useId, useRef } from 'react';
import { VISUALLY_HIDDEN } from '../../theme/visually-hidden';
import { checkFileSize, UPLOAD_INPUT_CLASS } from './upload-guard';

export interface FileFieldProps {
  id?: string;
  value?: File;
  onChange?: (file: File | undefined) => void;
  /** The input's `accept` ("image/*" for photos); any file when left out. */
  accept?: string;
  /** Phones open their camera instead of the gallery ("environment": the back camera). */
  capture?: 'user' | 'environment';
  disabled?: boolean;
}

export const CHOOSE_FILE = 'Choisir un fichier';
export const NO_FILE_CHOSEN = 'Aucun fichier choisi';

/**
 * One file picker in French, usable as an antd Form item: « Choisir un fichier » and « Aucun fichier choisi » or the
 * chosen name, where the native input speaks the browser's language (« Choose File »). The native input (class
 * addFiles, so the global 16 MB guard covers it) stays the field the form's label names.
 */
export function FileField({ id, value, onChange, accept, capture, disabled }: FileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const chosenId = useId();
  const handle = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The guard has already alerted and cleared the input; this only keeps the form value consistent.
    onChange?.(file && checkFileSize(file) ? file : undefined);
  };
  return (
    <Flex align="center" gap={8} wrap>
      <input
        ref={input}
        id={id}
        type="file"
        className={UPLOAD_INPUT_CLASS}
        onChange={handle}
        accept={accept}
        capture={capture}
        disabled={disabled}
        tabIndex={-1}
        style={VISUALLY_HIDDEN}
      />
      <Button
        icon={<UploadOutlined />}
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-describedby={chosenId}
      >
        {CHOOSE_FILE}
      </Button>
      <Typography.Text id={chosenId} type="secondary">
        {value ? value.name : NO_FILE_CHOSEN}
      </Typography.Text>
    </Flex>
  );
}
