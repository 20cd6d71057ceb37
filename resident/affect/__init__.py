"""Affect: the emotion manager (PAD mood vector, disposition, fading emotions) and the
homeostatic drives H(t), with their dynamics as pure functions of awake time."""

from resident.affect.drives import DRIVES_FILE, Drives, drives_file
from resident.affect.dynamics import appraise_mood, evolve, relax, satiate
from resident.affect.emotions import MOOD_FILE, EmotionManager, mood_file
from resident.affect.models import DriveState, Emotion, MoodState
from resident.affect.pad import DISPOSITION_LABELS, MOOD_LABELS, PAD, disposition_label, mood_label

__all__ = [
    "DISPOSITION_LABELS",
    "DRIVES_FILE",
    "MOOD_FILE",
    "MOOD_LABELS",
    "PAD",
    "DriveState",
    "Drives",
    "Emotion",
    "EmotionManager",
    "MoodState",
    "appraise_mood",
    "disposition_label",
    "drives_file",
    "evolve",
    "mood_file",
    "mood_label",
    "relax",
    "satiate",
]
