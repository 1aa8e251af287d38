import {
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  PictureOutlined,
  SoundOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';

export type FileKind =
  | 'pdf'
  | 'txt'
  | 'psd'
  | 'word'
  | 'excel'
  | 'archive'
  | 'illustrator'
  | 'powerpoint'
  | 'audio'
  | 'image'
  | 'video'
  | 'file';

const EXTENSIONS: Record<Exclude<FileKind, 'file'>, string[]> = {
  pdf: ['pdf'],
  txt: ['txt'],
  psd: ['psd'],
  word: ['doc', 'docx'],
  excel: ['xls', 'xlsx'],
  archive: ['zip', 'rar', 'iso'],
  illustrator: ['ai', 'esp'],
  powerpoint: ['ppt', 'pptx'],
  audio: ['wav', 'aif', 'mp3', 'aac'],
  image: ['jpg', 'jpeg', 'gif', 'bmp', 'png', 'svg'],
  video: ['m4v', 'avi', 'mpg', 'mp4', 'webm'],
};

const KIND_BY_EXTENSION = new Map<string, FileKind>(
  Object.entries(EXTENSIONS).flatMap(([kind, extensions]) => extensions.map((ext) => [ext, kind as FileKind])),
);

interface KindStyle {
  label: string;
  Icon: typeof FileOutlined;
  /** Colours chosen for at least 4.5:1 on white (axe color-contrast). */
  color: string;
}

const KINDS: Record<FileKind, KindStyle> = {
  pdf: { label: 'Fichier PDF', Icon: FilePdfOutlined, color: '#c0392b' },
  txt: { label: 'Fichier texte', Icon: FileTextOutlined, color: '#4a4a4a' },
  psd: { label: 'Fichier Photoshop', Icon: FileImageOutlined, color: '#1f5f9e' },
  word: { label: 'Document Word', Icon: FileWordOutlined, color: '#2b579a' },
  excel: { label: 'Classeur Excel', Icon: FileExcelOutlined, color: '#1d6f42' },
  archive: { label: 'Archive', Icon: FileZipOutlined, color: '#7a5a00' },
  illustrator: { label: 'Fichier Illustrator', Icon: FileImageOutlined, color: '#9a4b00' },
  powerpoint: { label: 'Présentation PowerPoint', Icon: FilePptOutlined, color: '#b7472a' },
  audio: { label: 'Fichier audio', Icon: SoundOutlined, color: '#6a3d9a' },
  image: { label: 'Image', Icon: PictureOutlined, color: '#0b6e6e' },
  video: { label: 'Vidéo', Icon: VideoCameraOutlined, color: '#8e2463' },
  file: { label: 'Fichier', Icon: FileOutlined, color: '#4a4a4a' },
};

/** The extension of a file name or URL (query and fragment ignored), lower case. */
export function fileExtension(name: string): string {
  const path = name.split(/[?#]/)[0] ?? '';
  const dot = path.lastIndexOf('.');
  return dot < 0 || dot < path.lastIndexOf('/') ? '' : path.slice(dot + 1).toLowerCase();
}

export function fileKind(name: string): FileKind {
  return KIND_BY_EXTENSION.get(fileExtension(name)) ?? 'file';
}

export function fileKindLabel(name: string): string {
  return KINDS[fileKind(name)].label;
}

export interface FileTypeIconProps {
  /** File name or URL; only the extension matters. */
  fileName: string;
  size?: number;
}

/** An icon for a document by its extension, with an accessible French name ("Fichier PDF"). */
export function FileTypeIcon({ fileName, size = 20 }: FileTypeIconProps) {
  const { label, Icon, color } = KINDS[fileKind(fileName)];
  return (
    <span role="img" aria-label={label} title={label} style={{ display: 'inline-flex', color, fontSize: size }}>
      <Icon aria-hidden />
    </span>
  );
}
