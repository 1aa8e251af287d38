import { CameraOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography, theme } from 'antd';
import { FITTER_COMMENT_MAX, needsComment, needsPhoto } from 'contracts';
import { useEffect, useRef, useState } from 'react';
import { FileField, VISUALLY_HIDDEN } from 'shared-ui';
import type { StepView } from '../hooks/step-progress';
import type { NewStep } from '../hooks/step-queue';

// Long labels wrap on a phone instead of overflowing the button.
const BIG = { minHeight: 52, height: 'auto', fontSize: 17, whiteSpace: 'normal' } as const;

/** The chosen photo, small, before it is validated. */
function PhotoPreview({ photo }: { photo: File }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(photo);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo]);
  return url ? (
    <img src={url} alt={`Aperçu : ${photo.name}`} style={{ maxWidth: '100%', maxHeight: 180, objectFit: 'contain' }} />
  ) : null;
}

/**
 * The action of the step to do next: one big button, or a photo from the phone's back camera, or the comment.
 * Whatever is given is handed to the queue at once (it never waits for the network).
 */
export function StepAction({
  view,
  folderId,
  onDone,
}: {
  view: StepView;
  folderId: number;
  onDone: (step: NewStep) => Promise<void>;
}) {
  const [photo, setPhoto] = useState<File>();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [focused, setFocused] = useState(false);
  const hidden = useRef<HTMLDivElement>(null);
  // The hidden input's keyboard focus shows on the label one sees.
  useEffect(() => {
    const wrapper = hidden.current;
    if (!wrapper) return;
    const on = () => setFocused(true);
    const off = () => setFocused(false);
    wrapper.addEventListener('focusin', on);
    wrapper.addEventListener('focusout', off);
    return () => {
      wrapper.removeEventListener('focusin', on);
      wrapper.removeEventListener('focusout', off);
    };
  });
  const { token } = theme.useToken();
  // A new input for each photo step: the previous photo never stays selected.
  const [inputKey, setInputKey] = useState(0);

  const submit = async (step: NewStep) => {
    setBusy(true);
    try {
      await onDone(step);
      setPhoto(undefined);
      setComment('');
      setInputKey((key) => key + 1);
    } finally {
      setBusy(false);
    }
  };

  if (needsPhoto(view.step)) {
    const id = `fitter-photo-${view.step}`;
    return (
      <Flex vertical gap={8}>
        <label
          htmlFor={id}
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 8,
            minHeight: 52,
            fontSize: 17,
            cursor: 'pointer',
            borderRadius: token.borderRadiusLG,
            border: `1px dashed ${token.colorPrimary}`,
            color: token.colorPrimary,
            outline: focused ? `2px solid ${token.colorPrimary}` : undefined,
            outlineOffset: 2,
          }}
        >
          <CameraOutlined /> {photo ? 'Reprendre la photo' : 'Prendre la photo'}
        </label>
        <div ref={hidden} style={VISUALLY_HIDDEN}>
          <FileField
            key={`${view.step}-${inputKey}`}
            id={id}
            value={photo}
            onChange={setPhoto}
            accept="image/*"
            capture="environment"
          />
        </div>
        {photo ? <PhotoPreview photo={photo} /> : null}
        <Button
          type="primary"
          size="large"
          block
          style={BIG}
          icon={<CheckOutlined />}
          disabled={!photo}
          loading={busy}
          onClick={() => photo && void submit({ folderId, step: view.step, photo, photoName: photo.name })}
        >
          {`Valider : ${view.label}`}
        </Button>
      </Flex>
    );
  }
  if (needsComment(view.step)) {
    const id = `fitter-comment-${view.step}`;
    return (
      <Flex vertical gap={8}>
        <label htmlFor={id}>Votre commentaire sur l’intervention</label>
        <Input.TextArea
          id={id}
          rows={4}
          maxLength={FITTER_COMMENT_MAX}
          showCount
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        <Button
          type="primary"
          size="large"
          block
          style={BIG}
          icon={<CheckOutlined />}
          disabled={comment.trim() === ''}
          loading={busy}
          onClick={() => void submit({ folderId, step: view.step, comment: comment.trim() })}
        >
          Enregistrer le commentaire
        </Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">Touchez le bouton au moment où vous le faites.</Typography.Text>
      <Button
        type="primary"
        size="large"
        block
        style={BIG}
        icon={<CheckOutlined />}
        loading={busy}
        onClick={() => void submit({ folderId, step: view.step })}
      >
        {`Valider : ${view.label}`}
      </Button>
    </Flex>
  );
}
