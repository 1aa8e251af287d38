import { CameraOutlined, CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography, theme } from 'antd';
import { FITTER_COMMENT_MAX, FITTER_PHOTOS_MAX, needsComment, needsPhoto } from 'contracts';
import { useEffect, useRef, useState } from 'react';
import { FileField, VISUALLY_HIDDEN } from 'shared-ui';
import type { StepView } from '../hooks/step-progress';
import type { NewStep } from '../hooks/step-queue';

// Long labels wrap on a phone instead of overflowing the button.
const BIG = { minHeight: 52, height: 'auto', fontSize: 17, whiteSpace: 'normal' } as const;

/** A chosen photo, small, before the step is validated. */
function PhotoPreview({ photo }: { photo: File }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(photo);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo]);
  return url ? (
    <img src={url} alt={`Aperçu : ${photo.name}`} style={{ maxWidth: '100%', maxHeight: 140, objectFit: 'contain' }} />
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
  // Several photos per step (the windscreen from each side), taken one after the other.
  const [photos, setPhotos] = useState<File[]>([]);
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
      setPhotos([]);
      setComment('');
      setInputKey((key) => key + 1);
    } finally {
      setBusy(false);
    }
  };

  if (needsPhoto(view.step)) {
    const id = `fitter-photo-${view.step}`;
    const full = photos.length >= FITTER_PHOTOS_MAX;
    const take = (photo: File | undefined) => {
      if (photo) setPhotos((taken) => [...taken, photo].slice(0, FITTER_PHOTOS_MAX));
      // A fresh input for the next photo: choosing the same file again still counts.
      setInputKey((key) => key + 1);
    };
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
            opacity: full ? 0.5 : 1,
          }}
        >
          <CameraOutlined /> {photos.length === 0 ? 'Prendre la photo' : 'Ajouter une photo'}
        </label>
        <div ref={hidden} style={VISUALLY_HIDDEN}>
          <FileField
            key={`${view.step}-${inputKey}`}
            id={id}
            onChange={take}
            accept="image/*"
            capture="environment"
            disabled={full}
          />
        </div>
        {photos.length ? (
          <Typography.Text type="secondary" data-testid="fitter-photo-count">
            {`${photos.length} photo${photos.length > 1 ? 's' : ''} sur ${FITTER_PHOTOS_MAX} au plus`}
          </Typography.Text>
        ) : null}
        <Flex wrap gap={8}>
          {photos.map((photo, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two photos may share a name; the position is the identity
            <Flex key={index} vertical align="center" gap={4} style={{ width: 'calc(50% - 4px)' }}>
              <PhotoPreview photo={photo} />
              <Button
                size="small"
                icon={<DeleteOutlined />}
                onClick={() => setPhotos((taken) => taken.filter((_, at) => at !== index))}
              >
                {`Retirer la photo ${index + 1}`}
              </Button>
            </Flex>
          ))}
        </Flex>
        <Button
          type="primary"
          size="large"
          block
          style={BIG}
          icon={<CheckOutlined />}
          disabled={photos.length === 0}
          loading={busy}
          onClick={() =>
            void submit({
              folderId,
              step: view.step,
              photos: photos.map((photo) => ({ blob: photo, name: photo.name })),
            })
          }
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
