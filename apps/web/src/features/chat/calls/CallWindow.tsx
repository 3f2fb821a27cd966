import { useEffect, useRef, useState } from 'react';
import { Avatar, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhone, IconPhoneOff, IconVideo } from '@tabler/icons-react';
import { initials } from '../../../lib/format.ts';
import { acceptCall, declineCall, hangUp, useCallState, type CallState } from './call-store.ts';

const OUTCOME_TEXT: Record<string, string> = {
  ended: 'Call ended',
  missed: 'No answer',
  declined: 'Call declined',
  cancelled: 'Call cancelled',
};

function statusText(state: CallState, elapsed: string) {
  switch (state.phase) {
    case 'outgoing':
      return 'Ringing…';
    case 'incoming':
      return `Incoming ${state.call?.media ?? ''} call`;
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return `Connected · ${elapsed}`;
    case 'ended':
      return state.error ?? OUTCOME_TEXT[state.outcome ?? 'ended'] ?? 'Call ended';
    default:
      return '';
  }
}

function useElapsed(since: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!since) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  const seconds = since ? Math.max(0, Math.floor((now - since) / 1000)) : 0;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function Video({ stream, muted, label }: { stream: MediaStream | null; muted?: boolean; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      style={{ width: '100%', height: '100%', objectFit: 'cover', background: '#0b1d33', borderRadius: 12 }}
    />
  );
}

function RemoteAudio({ stream }: { stream: MediaStream | null }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return <audio ref={ref} autoPlay />;
}

/** The call window: ringing, incoming, connected with both videos, and how it ended. */
export function CallWindow() {
  const state = useCallState();
  const elapsed = useElapsed(state.connectedAt);
  const open = state.phase !== 'idle';
  // A call takes the screen: earlier toasts would sit, dimmed and unreadable, over its backdrop.
  useEffect(() => {
    if (open) notifications.clean();
  }, [open]);
  const video = state.call?.media === 'video';
  const name = state.other?.full_name ?? 'Call';
  return (
    <Modal.Root
      opened={open}
      onClose={() => void (state.phase === 'incoming' ? declineCall() : hangUp())}
      centered
      size={video ? 'xl' : 'sm'}
    >
      <Modal.Overlay />
      {/* A dialog (role and aria-modal come with Modal.Content) named by the caller's name. */}
      <Modal.Content>
        <Modal.Body pt="md">
          <Stack align="center" gap="md" data-testid="call-window">
            {video && (state.phase === 'connecting' || state.phase === 'connected') ? (
              <Box pos="relative" w="100%" h={420}>
                <Video stream={state.remote} label={`${name}'s video`} />
                <Box pos="absolute" right={12} bottom={12} w={160} h={110}>
                  <Video stream={state.local} muted label="Your video" />
                </Box>
              </Box>
            ) : (
              <Avatar src={state.other?.avatar} size={96} radius={96} color="brand">
                {initials(name)}
              </Avatar>
            )}
            {!video && <RemoteAudio stream={state.remote} />}
            <Modal.Title fz="h3" fw={700}>
              {name}
            </Modal.Title>
            <Text c="dimmed" data-testid="call-status" aria-live="polite">
              {statusText(state, elapsed)}
            </Text>
            <Group>
              {state.phase === 'incoming' && (
                <>
                  <Button
                    color="green"
                    leftSection={video ? <IconVideo size={18} /> : <IconPhone size={18} />}
                    onClick={() => void acceptCall()}
                  >
                    Accept
                  </Button>
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconPhoneOff size={18} />}
                    onClick={() => void declineCall()}
                  >
                    Decline
                  </Button>
                </>
              )}
              {(state.phase === 'outgoing' || state.phase === 'connecting' || state.phase === 'connected') && (
                <Button color="red" leftSection={<IconPhoneOff size={18} />} onClick={() => void hangUp()}>
                  Hang up
                </Button>
              )}
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
