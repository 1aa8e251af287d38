import { Typography } from 'antd';
import type { ChangeEvent } from 'react';
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

/** A native input (class addFiles, so the global 16 MB guard covers it) usable as an antd Form item. */
export function FileField({ id, value, onChange, accept, capture, disabled }: FileFieldProps) {
  const handle = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The guard has already alerted and cleared the input; this only keeps the form value consistent.
    onChange?.(file && checkFileSize(file) ? file : undefined);
  };
  return (
    <div>
      <input
        id={id}
        type="file"
        className={UPLOAD_INPUT_CLASS}
        onChange={handle}
        accept={accept}
        capture={capture}
        disabled={disabled}
      />
      {value ? (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {value.name}
        </Typography.Text>
      ) : null}
    </div>
  );
}
